export * from './game';
export * from './stats';
export * from './serialize';
export * from './messages';
export * from './errors';
export * from './definition';
export * from './options';
