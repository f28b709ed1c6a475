// Chinese for the interface's words: whose point of view the story screen shows (Read as, the
// first-run note, perceptions not written yet, the new-story form's words on what is private).
import type { Messages } from '../../../driver/i18n/translate.ts';

export const ZH_POINT_OF_VIEW: Messages = {
  // read-as.tsx
  'What you perceived': '你所感知到的',
  'Read as': '以谁的视角阅读',
  'You ({name})': '你（{name}）',
  'Showing your own point of view.': '正在显示你自己的视角。',
  'Reading as {name} — what {name} perceived. Read-only.': '正在以{name}的视角阅读——{name}所感知到的。只读。',
  'Back to your view': '回到你的视角',
  // first-run-note.tsx
  'How Rashomon works': 'Rashomon 的玩法',
  'Every character perceives only what it could: a projector rewrites each turn into what each of the others saw, heard or noticed. You read your own point of view.':
    '每个角色只能感知到它所能感知的：每个回合都会被改写成其他每位参与者所看到、听到或注意到的内容。你读到的是你自己的视角。',
  'Inspect on a turn shows every version of it; Read as shows the whole story through another participant’s eyes.':
    '回合上的"检查"会显示它的所有版本；"以谁的视角阅读"可以透过另一位参与者的眼睛看整个故事。',
  'Got it': '知道了',
  // unwritten-perception.tsx, missing-views-banner.tsx
  'What you perceived of this turn is still being written.': '你对这个回合的感知仍在书写中。',
  'What {name} perceived of this turn is still being written.': '{name}对这个回合的感知仍在书写中。',
  'What you perceived of this turn was not written: the story stopped before it, or came without it.':
    '你对这个回合的感知尚未写出：故事在此之前停止了，或导入时没有它。',
  'What {name} perceived of this turn was not written: the story stopped before it, or came without it.':
    '{name}对这个回合的感知尚未写出：故事在此之前停止了，或导入时没有它。',
  'Write it now': '现在写出',
  '{count} perceptions are not written yet: what each participant perceived of the turns they were there for.':
    '还有 {count} 份感知尚未写出：每位参与者对其在场时各回合的感知。',
  'Write them': '写出它们',
  // new-story-form.tsx, character-fields.tsx
  'Every character is shown your persona: it is who they see.':
    '每个角色都会看到你的人设：那就是他们眼中的你。',
  'Private to this character: only it reads its description; the others know only what they perceive of it.':
    '仅此角色可见：只有它自己读得到它的描述；其他人只知道他们所感知到的它。',
  // transcript-row.tsx
  '{name} (written by you)': '{name}（由你书写）',
  // phase-status.tsx
  'Writing what {names} perceived…': '正在写出{names}所感知到的…',
};
