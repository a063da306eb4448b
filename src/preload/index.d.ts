declare global {
  interface Window {
    desktop?: { platform: string };
  }
}

export {};
