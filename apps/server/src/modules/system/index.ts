/**
 * The system module's public face for other modules: types, factories and pure helpers. Its
 * routes, sockets and jobs are registered by system.module.ts, which only app.ts imports.
 */
export { createSettingsService, type SettingsService } from './settings.service';
