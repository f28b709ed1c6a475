// Chinese for the interface's words: assistant chats (assistant/), and the inspector's tool messages.
// Also used here, kept in other areas: 'Assistant' (inspector; the lorebook's button too), 'Reject' (memory), 'Send' and
// 'Working…' (story).
import type { Messages } from '../../../driver/i18n/translate.ts';

export const ZH_ASSISTANT: Messages = {
  // given-format.ts
  'Tool result': '工具结果',
  // change-heading.ts
  'New entry “{label}”': '新条目“{label}”',
  'Edit entry “{label}”': '修改条目“{label}”',
  'Delete entry “{label}” (it goes to the trash)': '删除条目“{label}”（移入回收站）',
  'Change the lorebook “{label}”': '修改设定集“{label}”',
  // proposal-card.tsx
  'Waiting for your decision: nothing is written yet.': '等待你的决定：尚未写入任何内容。',
  'Applied.': '已应用。',
  'Rejected: nothing was written.': '已拒绝：没有写入任何内容。',
  'The change, line by line': '逐行显示的修改',
  'It could not be applied: {reason}': '无法应用：{reason}',
  Apply: '应用',
  // assistant-panel.tsx
  'Apply automatically': '自动应用',
  'Every change the assistant makes in this chat is written at once, without asking you. Deleted entries still go to the trash.':
    '在这个对话中，助手做出的每一处修改都会立即写入，不再询问你。删除的条目仍会移入回收站。',
  'You:': '你：',
  'Assistant:': '助手：',
  '(cut off at the response limit)': '（达到长度上限，被截断）',
  'The assistant stopped after many steps: send a message to let it go on.':
    '助手在执行了许多步之后停了下来：发送一条消息让它继续。',
  'Message to the assistant': '给助手的消息',
  Trash: '回收站',
  Restore: '恢复',
};
