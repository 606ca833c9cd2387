export * from './cards';
export * from './score';
export * from './state';
export * from './game';
export * from './advisor';
export * from './messages';
export * from './errors';
export * from './definition';
