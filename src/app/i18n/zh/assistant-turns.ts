// Chinese for the interface's words about an assistant turn (assistant/): Stop's mark, a message left
// unanswered with Retry, the chat's language, and a server that takes no tool calls.
// Also used here, kept in other areas: 'Stop' (eval), 'Retry' (play-settings).
import type { Messages } from '../../../driver/i18n/translate.ts';

export const ZH_ASSISTANT_TURNS: Messages = {
  // assistant-panel.tsx
  '(stopped)': '（已停止）',
  'This server does not take tool calls; using JSON.': '这个服务器不接受工具调用；改用 JSON。',
  // unanswered-message.tsx
  'No answer': '没有回答',
  'The assistant has not answered this message.': '助手还没有回答这条消息。',
  // chat-language-field.tsx
  'Language of this chat': '这个对话的语言',
};
