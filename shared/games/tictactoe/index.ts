export * from './engine';
export * from './ai';
export * from './selfplay';
export * from './messages';
export * from './errors';
export * from './definition';
