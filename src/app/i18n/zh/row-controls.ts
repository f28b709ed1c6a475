// Chinese for the interface's words: a transcript row's controls (edit in place, delete with Undo,
// the way back from a branch) and the steps of "Let them continue". Also used here, kept in
// point-of-view: 'What you perceived'.
import type { Messages } from '../../../driver/i18n/translate.ts';

export const ZH_ROW_CONTROLS: Messages = {
  // Editing a message in place.
  Edit: '编辑',
  'Edit your turn': '编辑你的回合',
  'Edit what you perceived of the turn by {name}': '编辑你对 {name} 的回合的感知',
  'Text of your turn': '你的回合的文字',
  'Ctrl+Enter saves, Escape cancels': 'Ctrl+Enter 保存，Esc 取消',
  // Deleting as a branch cut.
  'Delete this turn': '删除这个回合',
  'Delete turn by {name}': '删除 {name} 的回合',
  'Take this turn and the ones after it out of the story; they are kept as an alternative, and Undo brings them back':
    '将这个回合及其后的回合移出故事；它们会作为另一分支保留，撤销即可恢复',
  'Deleted one turn.': '已删除一个回合。',
  'Deleted {count} turns.': '已删除 {count} 个回合。',
  // The way back from a branch.
  'You are on a new branch from turn {turn}.': '你正处在从第 {turn} 回合开始的新分支上。',
  'Back to where you were': '回到原来的位置',
  'Stay on this branch': '留在这个分支',
  // "Let them continue" in steps.
  'Turn {turn} of {count}: {doing}': '第 {turn} 回合，共 {count} 回合：{doing}',
};
