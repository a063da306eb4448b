import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import type { SecretCodec } from '../../src/main/key-store';

/**
 * AES-256-GCM under a key held in memory for the run: a real encryption, standing where the desktop app uses
 * Electron's safeStorage. Data encoded by one codec can only be decoded by that codec.
 */
export function aesCodec(): SecretCodec {
  const key = randomBytes(32);
  return {
    encode(text) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const body = Buffer.concat([cipher.update(text, 'utf8'), cipher.final()]);
      return Buffer.concat([iv, cipher.getAuthTag(), body]);
    },
    decode(data) {
      const decipher = createDecipheriv('aes-256-gcm', key, data.subarray(0, 12));
      decipher.setAuthTag(data.subarray(12, 28));
      return Buffer.concat([decipher.update(data.subarray(28)), decipher.final()]).toString('utf8');
    },
  };
}
