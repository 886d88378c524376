export { buildApp } from './app.ts';
export { loadConfig, type ServerConfig } from './config.ts';
export { openDatabase } from './db/database.ts';
