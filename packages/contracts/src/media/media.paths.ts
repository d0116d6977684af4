export const mediaPaths = {
  uploadPhoto: { method: 'POST', path: '/media/photos', upload: true },
  uploadVideo: { method: 'POST', path: '/media/videos', upload: true },
  uploadFile: { method: 'POST', path: '/media/files', upload: true },
  download: { method: 'GET', path: '/media/:id/download/' },
  thumbnail: { method: 'GET', path: '/media/:id/thumbnail' },
} as const;
