import { create } from 'zustand';

// One polite live region for the whole app: screens announce outcomes (job queued, export saved) here, so
// screen-reader users hear them wherever focus is. Visible as a toast too.
export interface Announcement {
  id: number;
  text: string;
  tone: 'info' | 'error';
}

interface AnnouncerStore {
  items: Announcement[];
  announce(text: string, tone?: Announcement['tone']): void;
  dismiss(id: number): void;
}

let nextId = 1;
const VISIBLE_MS = 5000;

export const useAnnouncer = create<AnnouncerStore>()((set, get) => ({
  items: [],
  announce: (text, tone = 'info') => {
    const id = nextId++;
    set({ items: [...get().items.slice(-2), { id, text, tone }] });
    setTimeout(() => get().dismiss(id), VISIBLE_MS);
  },
  dismiss: (id) => set({ items: get().items.filter((item) => item.id !== id) }),
}));
