export * from './board';
export * from './game';
export * from './session';
export * from './messages';
export * from './errors';
export * from './definition';
