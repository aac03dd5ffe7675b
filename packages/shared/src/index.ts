export * from './envelope';
export * from './constants';
export * from './format';
export * from './checksums';
export * from './rich-text';
export * from './validators';
export * from './pagination';
export * from './theme';
