export * from './board';
export * from './game';
export * from './session';
