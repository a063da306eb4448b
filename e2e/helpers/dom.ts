/** The shape of `<audio>` the tests read in the page (the Node tsconfig that checks e2e/ has no DOM lib). */
export interface MediaElementLike {
  currentTime: number;
  duration: number;
  muted: boolean;
  pause(): void;
  addEventListener(type: string, listener: () => void, options?: { once?: boolean }): void;
}
