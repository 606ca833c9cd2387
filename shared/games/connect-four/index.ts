export * from './board';
export * from './errors';
export * from './rules';
export * from './definition';
