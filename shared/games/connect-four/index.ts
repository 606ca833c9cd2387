export * from './board';
export * from './rules';
export * from './definition';
