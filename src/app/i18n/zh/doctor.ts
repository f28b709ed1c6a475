// Chinese for the session doctor on the story screen (story/story-doctor.tsx) and its fixes as a
// proposal shows them (assistant/proposal-card.tsx).
import type { Messages } from '../../../driver/i18n/translate.ts';

export const ZH_DOCTOR: Messages = {
  'Story doctor': '故事诊断',
  'The story doctor looks over “{title}” and proposes fixes; nothing changes until you apply one.':
    '故事诊断会检查“{title}”并提议修复；在你应用之前什么都不会改变。',
  'Fix: {label}': '修复：{label}',
};
