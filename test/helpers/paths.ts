import { resolve } from 'node:path';

export const ROOT = resolve(__dirname, '../..');
export const SHARED = resolve(ROOT, '../shared');
export const MODELS_DIR = resolve(SHARED, 'models');
export const AUDIO_DIR = resolve(SHARED, 'audio');
export const CLI = resolve(ROOT, 'out/main/cli.js');
export const audio = (name: string): string => resolve(AUDIO_DIR, name);
