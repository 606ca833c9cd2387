export * from './board';
export * from './errors';
export * from './rules';
export * from './record';
export * from './definition';
export * from './synced';
