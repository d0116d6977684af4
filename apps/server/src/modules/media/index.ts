/**
 * The media module's public face for other modules: types, factories and pure helpers. Its
 * routes, sockets and jobs are registered by media.module.ts, which only app.ts imports.
 */
export { createMediaRepository, type MediaRepository } from './media.repository';
export { mediaDownloadUrl, mediaThumbnailUrl, toMediaDto } from './media.presenter';
export { dispositionOf, privateFileHeaders, sendMediaFile } from './media.send';
