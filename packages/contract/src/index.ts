export * from './auth.js';
export * from './common.js';
export * from './errors.js';
export * from './health.js';
export * from './todo.js';
