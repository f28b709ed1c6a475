// Translating a world: "Translate…" on a world's page (worlds/world-translate.tsx) and what its
// proposals are called (assistant/change-heading.ts).
import type { Messages } from '../../../driver/i18n/translate.ts';

export const ZH_WORLD_TRANSLATE: Messages = {
  'Translate…': '翻译…',
  'Into which language': '译成哪种语言',
  'Start translating': '开始翻译',
  'The translation goes into a new world, made when you apply its glossary; this world is not changed.':
    '译文会放进一个新世界，在你应用它的术语表时建立；这个世界不会被改动。',
  'Open the translated world “{name}”': '打开译好的世界“{name}”',
  'Glossary of the new world “{label}”': '新世界“{label}”的术语表',
  'Change the glossary of “{label}”': '修改“{label}”的术语表',
  'Translate “{label}”': '翻译“{label}”',
  'Translate “{label}” again': '重新翻译“{label}”',
};
