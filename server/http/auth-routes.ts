/**
 * Accounts over HTTP, under @colyseus/auth's prefix (`/auth`), answering what the SDK's
 * `client.auth` calls:
 *   POST /auth/register {email, password, options?: {name}}  (with a guest's Bearer token: a claim)
 *   POST /auth/login {email, password}
 *   POST /auth/anonymous {options?: {name}}
 *   GET  /auth/userdata                                      (Bearer token)
 *   POST /auth/forgot-password {email}; GET and POST /auth/reset-password
 * and the account's own routes (Bearer token):
 *   POST /api/account/sign-out-everywhere, POST /api/account/password {oldPassword, newPassword},
 *   GET /api/account/export, POST /api/account/delete {password?}
 *
 * Register, login, anonymous and userdata run @colyseus/auth's own endpoint handlers, called as
 * functions (its `registerEndpoint()` etc.) with its callbacks bound to the account store. They
 * are not mounted with `auth.routes()` because this project reads every body itself first: a
 * closed shape with size caps (@colyseus/auth's zod objects drop unknown keys, take any
 * `options`) and well-formed text, the password rules (its minimum is 6 and has no list), the
 * limits on password guessing (sign-in-limits.ts), and an answer `{error, code}` with a 4xx that says what was wrong
 * (its answers are all 401 `{error}`). Password reset is this file's own: a reset token carries
 * the account's token version, so a used link is dead (the reset raises the version), also
 * after a restart (@colyseus/auth marks used links in presence, memory without Redis).
 */
import express from 'express';
import * as v from 'valibot';
import type { anonymousEndpoint, loginEndpoint, registerEndpoint, userdataEndpoint } from '@colyseus/auth';
import { AUTH_PREFIX, colyseusAuth as authModule } from '../accounts/colyseus-auth';
import type { Account, AccountStore } from '../accounts/account-store';
import { hashPassword, MAX_PASSWORD, passwordProblem, verifyPassword } from '../accounts/passwords';
import { MAX_TOKEN_LENGTH } from '../accounts/tokens';
import type { ResetMailer } from '../accounts/mail';
import type { SignInLimits } from './sign-in-limits';
import type { Verdict } from './rate-limit';
import { jsonBody } from './json-body';
import { tooManyRequests } from './rate-limit';
import { normalizeAddress, rateKey } from '../guards/client-address';
import { log } from '../log';

export interface AuthRouteOptions {
  accounts: AccountStore;
  limits: SignInLimits;
  mailer: ResetMailer;
  /** Reset links start with it (never with the request's Host header, which the asker writes). */
  publicUrl: () => string;
}

const STATUS: Record<string, number> = {
  invalid_body: 400, invalid_email: 400, invalid_name: 400, password_too_short: 400, password_too_long: 400, password_too_common: 400,
  name_taken: 409, email_taken: 409, taken: 409, already_registered: 409, not_found: 404,
  auth_required: 401, invalid_credentials: 401, invalid_token: 401, token_expired: 401, token_revoked: 401, account_deleted: 401,
  rate_limited: 429,
};

const MESSAGES: Record<string, string> = {
  invalid_credentials: 'wrong email or password',
  email_taken: 'an account with that email exists',
  taken: 'that email or name is taken: try another name, or sign in if the email is yours',
  auth_required: 'sign in first (Authorization: Bearer <token>)',
};

/**
 * A refusal with its code. The Error's message is the code itself: @colyseus/auth's handlers
 * answer a callback's throw with `{error: e.message}`, which is read back into a code here.
 */
/** What each code says when it came back through @colyseus/auth (its answer carries only the code). */
const HUMAN: Record<string, string> = {
  invalid_name: 'a name is 2-20 letters, digits, spaces, "_", "-" or "." in one alphabet, and starts and ends with a letter or digit',
  name_taken: 'that name is taken',
  token_revoked: 'this token was signed out: sign in again',
  account_deleted: 'this account was deleted',
  token_expired: 'the token has expired: sign in again',
  invalid_token: 'not a valid token',
};

class Refusal extends Error {
  // The name log.ts knows a refusal by: @colyseus/auth logs what its callbacks throw as errors.
  override readonly name = 'Refusal';

  constructor(readonly code: string, readonly human = MESSAGES[code] ?? code) {
    super(code);
  }
}

function answer(res: express.Response, code: string, message = MESSAGES[code] ?? code): void {
  res.status(STATUS[code] ?? 400).json({ error: message, code, message });
}

/**
 * Text a client sends must be well-formed: no NUL (PostgreSQL refuses it in text, and a query
 * failing on it was a 500) and no half of a surrogate pair (it has no UTF-8 form: hashed or
 * stored it would silently become U+FFFD, which is another text than the one sent).
 */
const ILL_FORMED = /\0|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const wellFormed = (code: string) => v.check((text: string) => !ILL_FORMED.test(text), code);

/** Emails: trimmed, lower-cased, ASCII (a look-alike letter makes it invalid), at most 254 characters. */
const email = v.pipe(v.string('invalid_email'), wellFormed('invalid_email'), v.trim(), v.toLowerCase(), v.maxLength(254, 'invalid_email'), v.email('invalid_email'));
const password = v.pipe(v.string('password_too_short'), wellFormed('invalid_body'), v.maxLength(MAX_PASSWORD * 4, 'password_too_long'));
const nameField = v.pipe(v.string('invalid_name'), wellFormed('invalid_name'), v.maxLength(200, 'invalid_name'));
/** A sign-in's email is read loosely (any text is only a wrong email or password), but well-formed all the same. */
const looseEmail = (typeCode: string) => v.pipe(v.string(typeCode), wellFormed('invalid_email'), v.maxLength(254 * 4, typeCode));

const registerBody = v.strictObject({ email, password, options: v.optional(v.strictObject({ name: v.optional(nameField) }, 'invalid_body')) }, 'invalid_body');
const loginBody = v.strictObject({ email: looseEmail('invalid_credentials'), password }, 'invalid_body');
const anonymousBody = v.optional(v.strictObject({ options: v.optional(v.strictObject({ name: v.optional(nameField) }, 'invalid_body')) }, 'invalid_body'));
const forgotBody = v.strictObject({ email }, 'invalid_body');
const resetBody = v.strictObject({ token: v.pipe(v.string('invalid_token'), wellFormed('invalid_body'), v.maxLength(MAX_TOKEN_LENGTH, 'invalid_token')), password }, 'invalid_body');
const changeBody = v.strictObject({ oldPassword: password, newPassword: password }, 'invalid_body');
const deleteBody = v.strictObject({ password: v.optional(password) }, 'invalid_body');

/** The normalised email when `text` is a well-formed one (only those get a limiter key), else null. */
function wellFormedEmail(text: string): string | null {
  const parsed = v.safeParse(email, text);
  return parsed.success ? parsed.output : null;
}

/** The body as `schema` reads it, or the refusal's code (the first issue's message is a code). */
function parse<T extends v.GenericSchema>(schema: T, body: unknown): v.InferOutput<T> {
  const parsed = v.safeParse(schema, body);
  if (parsed.success) return parsed.output;
  const code = parsed.issues[0]?.message;
  throw new Refusal(code && STATUS[code] ? code : 'invalid_body', code && STATUS[code] ? undefined : 'the body does not have the expected shape');
}

/** What a player's client sees of its account. */
export function publicUser(a: Pick<Account, 'id' | 'name' | 'email' | 'registered'>) {
  return { id: a.id, name: a.name, email: a.email, registered: a.registered, anonymous: !a.registered };
}

const bearer = (req: express.Request): string | null => {
  const header = req.headers.authorization;
  return typeof header === 'string' && header.startsWith('Bearer ') ? header.slice(7) : null;
};

/** The body of a JSON route: a size cap and the keys it may have, before parsing (json-body.ts). */
const body = (keys: string[]) => jsonBody({ limit: '4kb', maxItems: 16, maxDepth: 3, allowedKeys: new Set(keys) });

/** Runs one of @colyseus/auth's endpoint handlers; its refusals come back as the code its callbacks threw. */
async function colyseusAuth<T>(call: () => Promise<T>, fallback: string): Promise<T> {
  try {
    return await call();
  } catch (err) {
    if (err instanceof Refusal) throw err;
    const said = (err as { body?: { error?: unknown } })?.body?.error;
    if (typeof said === 'string' && STATUS[said]) throw new Refusal(said, HUMAN[said] ?? MESSAGES[said]);
    if (said === 'email_already_in_use') throw new Refusal('email_taken');
    if ((err as { statusCode?: unknown })?.statusCode === 401) throw new Refusal(fallback);
    throw err;
  }
}

export function mountAuthRoutes(app: express.Application, options: AuthRouteOptions): void {
  const { accounts, limits, mailer } = options;
  const { tokens } = accounts;
  const prefix = AUTH_PREFIX;
  const createdFrom = (req: express.Request) => rateKey(normalizeAddress(req.ip ?? ''));

  // @colyseus/auth's callbacks: process-wide (its settings are one object); every server of a process binds its own store before each call.
  const settings = {
    async onFindUserByEmail(address: string) {
      const found = await accounts.byEmail(address);
      return found ? { ...publicUser(found), tokenVersion: found.tokenVersion, password: found.passwordHash } : null;
    },
    async onRegisterWithEmailAndPassword(address: string, hash: string, opts: { name?: string; createdFrom?: string; upgradingToken?: { id?: unknown } }) {
      const result = typeof opts.upgradingToken?.id === 'string'
        ? await accounts.claim(opts.upgradingToken.id, address, hash)
        : await accounts.register(address, hash, opts.name, opts.createdFrom);
      if (!result.ok) throw new Refusal(result.code, result.message);
    },
    async onRegisterAnonymously(opts: { name?: string; createdFrom?: string } | undefined) {
      const result = await accounts.createGuest(opts?.name, opts?.createdFrom);
      if (!result.ok) throw new Refusal(result.code, result.message);
      return { ...publicUser(result.account), tokenVersion: result.account.tokenVersion };
    },
    async onGenerateToken(user: { id: string; name: string; tokenVersion: number }) {
      return tokens.sign({ id: user.id, name: user.name, v: user.tokenVersion });
    },
    async onParseToken(payload: Record<string, unknown>) {
      const { id, name, v: version } = payload;
      const checked = typeof id === 'string' && typeof name === 'string' && Number.isInteger(version) && payload.purpose === undefined
        ? { ok: true as const, claims: { id, name, v: version as number } } : { ok: false as const, reason: 'malformed' as const };
      const result = await accounts.authenticateChecked(checked);
      if (!result.ok) throw new Refusal(result.code, result.message);
      return publicUser(result.account);
    },
  };
  // Made at the first call, once the secret is loaded (the userdata endpoint's JWT middleware takes it when made).
  let made: { register: ReturnType<typeof registerEndpoint>; login: ReturnType<typeof loginEndpoint>; anonymous: ReturnType<typeof anonymousEndpoint>; userdata: ReturnType<typeof userdataEndpoint> } | null = null;
  const endpoints = async () => {
    const m = await authModule();
    Object.assign(m.auth.settings, settings);
    const secret = tokens.secret;
    if (secret) m.JWT.settings.secret = secret;
    made ??= { register: m.registerEndpoint(prefix), login: m.loginEndpoint(prefix), anonymous: m.anonymousEndpoint(prefix), userdata: m.userdataEndpoint(prefix) };
    return made;
  };

  const route = (handler: (req: express.Request, res: express.Response) => Promise<unknown>): express.RequestHandler => (req, res, next) => {
    // Tokens are signed and checked with the secret, which loads from the database while the server already listens.
    tokens.loaded().then(() => handler(req, res)).then(
      (result) => {
        if (!res.headersSent && result !== undefined) res.json(result);
      },
      (err) => {
        if (!(err instanceof Refusal)) return next(err);
        const retryAfter = (err as Refusal & { retryAfter?: number }).retryAfter;
        if (retryAfter) res.setHeader('Retry-After', String(retryAfter));
        answer(res, err.code, err.human);
      },
    );
  };

  /** The live account of the request's Bearer token. */
  const signedIn = async (req: express.Request): Promise<Account> => {
    const token = bearer(req);
    if (!token) throw new Refusal('auth_required');
    const result = await accounts.authenticate(token);
    if (!result.ok) throw new Refusal(result.code, result.message);
    return result.account;
  };

  const allowed = async (counted: Promise<Verdict>) => {
    const verdict = await counted;
    if (!verdict.ok) throw Object.assign(new Refusal('rate_limited', tooManyRequests(verdict.retryAfterSeconds).error), { retryAfter: verdict.retryAfterSeconds });
  };

  app.post(`${prefix}/register`, body(['email', 'password', 'options', 'name']), route(async (req, res) => {
    const input = parse(registerBody, req.body);
    const problem = passwordProblem(input.password);
    if (problem) throw new Refusal(problem.code, problem.message);
    const token = bearer(req);
    let headers: Record<string, string> = {};
    if (token !== null) {
      // A claim: the guest's token must be a live one, of a guest.
      const guest = await signedIn(req);
      if (guest.registered) throw new Refusal('already_registered', 'this account already has an email and password');
      headers = { authorization: `Bearer ${token}` };
    } else if (input.options?.name === undefined) {
      throw new Refusal('invalid_name', 'a name is needed: options.name');
    }
    const result = await colyseusAuth(async () => (await endpoints()).register({
      body: { email: input.email, password: input.password, options: { name: input.options?.name, createdFrom: createdFrom(req) } },
      headers,
    }), 'invalid_body').catch((err: unknown) => {
      // One answer for a taken email and a taken name: which of the two it was would say whether
      // an email has an account. (Names are public, so a name check alone may say name_taken, as
      // /auth/anonymous does; here the email is looked at first.) A sign-up that succeeds still
      // says the email was free: that much only a sign-up confirmed by mail could hide.
      if (err instanceof Refusal && (err.code === 'email_taken' || err.code === 'name_taken')) throw new Refusal('taken');
      throw err;
    });
    res.status(201);
    return { user: publicUser(result.user as Account), token: result.token };
  }));

  app.post(`${prefix}/login`, body(['email', 'password']), route(async (req) => {
    const input = parse(loginBody, req.body);
    const address = input.email.trim().toLowerCase();
    const counted = wellFormedEmail(input.email);
    await allowed(limits.signIn(req, counted));
    // No account can have a malformed email: it is a wrong email, and no key is kept for it.
    const found = counted ? await accounts.byEmail(counted) : null;
    if (!found) {
      await verifyPassword(input.password, null); // as long as a wrong password takes
      throw new Refusal('invalid_credentials');
    }
    const result = await colyseusAuth(async () => (await endpoints()).login({ body: { email: address, password: input.password } }), 'invalid_credentials');
    await limits.signedIn(req, counted);
    return { user: publicUser(result.user as Account), token: result.token };
  }));

  app.post(`${prefix}/anonymous`, body(['options', 'name']), route(async (req, res) => {
    const input = parse(anonymousBody, req.body ?? undefined);
    const result = await colyseusAuth(async () => (await endpoints()).anonymous({ body: { options: { name: input?.options?.name, createdFrom: createdFrom(req) } } }), 'invalid_name');
    res.status(201);
    return { user: publicUser(result.user as Account), token: result.token };
  }));

  app.get(`${prefix}/userdata`, route(async (req) => {
    const token = bearer(req);
    if (!token) throw new Refusal('auth_required');
    // Our own check first: a clear code for an expired or forged token (the module's is 401 with jsonwebtoken's words).
    const checked = tokens.check(token);
    if (!checked.ok) throw new Refusal(checked.reason === 'expired' ? 'token_expired' : 'invalid_token');
    return colyseusAuth(async () => (await endpoints()).userdata({ headers: { authorization: `Bearer ${token}` } }), 'invalid_token');
  }));

  app.post(`${prefix}/forgot-password`, body(['email']), route(async (req) => {
    const input = parse(forgotBody, req.body);
    const address = input.email;
    await allowed(limits.resetMail(req, address));
    const found = await accounts.byEmail(address);
    // The same answer whether or not there is such an account; the mail goes out after it.
    if (found) {
      const link = `${options.publicUrl()}${prefix}/reset-password?token=${tokens.signReset({ id: found.id, name: found.name, v: found.tokenVersion })}`;
      void mailer.send(address, link).catch((err: unknown) => log.error({ err: { message: (err as Error)?.message } }, 'password reset mail failed'));
    }
    // Where a link would go (the server's mail setting, not whether the address has an account).
    return { ok: true, delivery: mailer.delivery };
  }));

  app.get(`${prefix}/reset-password`, (req, res) => {
    const token = typeof req.query.token === 'string' && req.query.token.length <= MAX_TOKEN_LENGTH && /^[\w.-]*$/.test(req.query.token) ? req.query.token : '';
    res.type('html').send(resetPage(`${prefix}/reset-password`, token));
  });

  app.post(`${prefix}/reset-password`, express.urlencoded({ extended: false, limit: '4kb', parameterLimit: 4 }), body(['token', 'password']), route(async (req, res) => {
    // The reset page's form posts urlencoded; a client posts JSON.
    const form = typeof req.is('application/x-www-form-urlencoded') === 'string';
    const input = parse(resetBody, form ? { ...req.body } : req.body);
    const problem = passwordProblem(input.password);
    const reply = (status: number, code: string, message: string) => {
      if (!form) throw new Refusal(code, message);
      res.status(status).type('html').send(resetPage(`${prefix}/reset-password`, status === 200 ? '' : input.token, message));
      return undefined;
    };
    if (problem) return reply(400, problem.code, problem.message);
    const account = await accounts.authenticateChecked(tokens.checkReset(input.token));
    if (!account.ok || !account.account.registered) return reply(401, 'invalid_token', 'this reset link is expired or used: ask for a new one');
    await accounts.setPassword(account.account.id, await hashPassword(input.password));
    // The new password is the owner's: any backoff this address had on the account ends with it.
    await limits.signedIn(req, account.account.email ?? null);
    if (form) return reply(200, 'ok', 'Your password is changed: sign in with it.');
    return { ok: true };
  }));

  app.post('/api/account/sign-out-everywhere', route(async (req) => {
    const account = await signedIn(req);
    await accounts.bumpTokenVersion(account.id);
    return { ok: true };
  }));

  app.post('/api/account/password', body(['oldPassword', 'newPassword']), route(async (req) => {
    const account = await signedIn(req);
    const input = parse(changeBody, req.body);
    if (!account.registered || !account.email) throw new Refusal('auth_required', 'a guest has no password: claim the account first');
    // Counted per account, not with sign-in's limits: only this token's holder can spend it.
    await allowed(limits.passwordCheck(account.id));
    if (!(await verifyPassword(input.oldPassword, await accounts.passwordHash(account.id)))) throw new Refusal('invalid_credentials', 'the old password is wrong');
    await limits.passwordCheckPassed(account.id);
    const problem = passwordProblem(input.newPassword);
    if (problem) throw new Refusal(problem.code, problem.message);
    const version = await accounts.setPassword(account.id, await hashPassword(input.newPassword));
    // This device stays signed in; every other token is dead.
    return { ok: true, token: tokens.sign({ id: account.id, name: account.name, v: version }) };
  }));

  app.get('/api/account/export', route(async (req, res) => {
    const account = await signedIn(req);
    const data = await accounts.export(account.id);
    if (!data) throw new Refusal('not_found', 'no such account');
    res.setHeader('Content-Disposition', `attachment; filename="parlor-${account.id}.json"`);
    return data;
  }));

  app.post('/api/account/delete', body(['password']), route(async (req) => {
    const account = await signedIn(req);
    const input = parse(deleteBody, req.body ?? {});
    if (account.registered && account.email) {
      if (input.password === undefined) throw new Refusal('invalid_credentials', 'deleting an account needs its password');
      await allowed(limits.passwordCheck(account.id));
      if (!(await verifyPassword(input.password, await accounts.passwordHash(account.id)))) throw new Refusal('invalid_credentials', 'wrong password');
    }
    await accounts.delete(account.id);
    return { ok: true };
  }));
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * The reset link's page: a plain form, no script (the client's CSP allows none inline), styled by
 * /reset-password.css, a file of the built client (client/public): the same policy refuses inline styles.
 */
function resetPage(action: string, token: string, message = ''): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>Parlor: new password</title>
<link rel="icon" href="data:,"><link rel="stylesheet" href="/reset-password.css"></head>
<body><header class="topbar"><a class="brand" href="/">Parlor</a></header>
<main class="reset"><h1>Choose a new password</h1>${message ? `<p class="status" role="status">${escapeHtml(message)}</p>` : ''}
${token ? `<form method="post" action="${escapeHtml(action)}"><input type="hidden" name="token" value="${escapeHtml(token)}">
<p><label for="new-password">New password <span class="hint">(at least 8 characters, not a common one)</span></label>
<input id="new-password" type="password" name="password" minlength="8" maxlength="128" autocomplete="new-password" required></p>
<p><button type="submit">Save the new password</button></p></form>` : '<p><a class="button" href="/">Back to Parlor</a></p>'}
</main></body></html>`;
}
