# Parlor: multi-stage build on Node 22 (which has a global WebSocket, STACK.md fact 2).
FROM node:22-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci
COPY tsconfig.json ./
COPY shared ./shared
COPY server ./server
COPY scripts ./scripts
COPY client ./client
RUN npm run build && npm prune --omit=dev

FROM node:22-bookworm-slim
# /metrics is not on the public port: it has a listener of its own on METRICS_PORT, bound to the
# container's loopback unless METRICS_HOST says otherwise (deploy/compose.yaml opens it to the
# compose network, where a scraper reaches parlorN:9464; the port is never published).
ENV NODE_ENV=production PORT=2567 METRICS_PORT=9464
WORKDIR /app
COPY --from=build --chown=node:node /app/node_modules ./node_modules
COPY --from=build --chown=node:node /app/dist ./dist
COPY --chown=node:node package.json ./
# The embedded database (PGlite) when DATABASE_URL is not set: a volume, so a new container keeps every account.
ENV DATA_DIR=/app/data
RUN mkdir -p /app/data && chown node:node /app/data
VOLUME /app/data
USER node
EXPOSE 2567
# /healthz is rate-limited per address (RATE_LIMIT_HEALTH, 120 a minute): one probe every 15 s is far below it.
HEALTHCHECK --interval=15s --timeout=3s --start-period=10s --retries=3 \
  CMD node -e "fetch('http://127.0.0.1:'+(process.env.PORT||2567)+'/healthz').then(r=>process.exit(r.ok?0:1)).catch(()=>process.exit(1))"
CMD ["node", "dist/server/parlor.js"]
