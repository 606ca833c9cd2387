export * from './game-analysis';
export * from './verdict';
export * from './threat-points';
export { nodeClock } from './node-clock';
export * from './replay-input';
