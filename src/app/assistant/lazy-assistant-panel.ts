// The assistant panel, loaded when a chat is first opened (a lorebook's or world's Assistant, a card
// read with the model, the story doctor): no first screen shows it.
import { lazy } from 'solid-js';

export const AssistantPanel = lazy(async () => ({
  default: (await import('./assistant-panel.tsx')).AssistantPanel,
}));
