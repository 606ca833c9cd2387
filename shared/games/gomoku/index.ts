export * from './board';
export * from './swap2';
export * from './state';
export * from './game';
export * from './serialize';
export * from './messages';
export * from './errors';
export * from './definition';
