// The Chinese catalogue: English key → Chinese text with the same {placeholders}.
// tests/unit/messages.test.ts keeps it complete for every call site and free of unused entries.
import type { Messages } from './messages.ts';

export const MESSAGES_ZH: Messages = {
  // What a character is told (private context) and how an empty history reads.
  'Who you are': '你是谁',
  'Your personality': '你的性格',
  'The scenario': '情境',
  'How you speak (examples)': '你说话的方式（示例）',
  '{label}: {value}': '{label}：{value}',
  'You are {name}.': '你是{name}。',
  'About {name}, the person you share the scene with: {persona}': '关于与你同处这一场景的{name}：{persona}',
  '(Nothing has happened yet: the story begins now.)': '（还什么都没有发生：故事从现在开始。）',
  // The selector's chronology.
  'The user': '用户',
  '(The story has not begun.)': '（故事还没有开始。）',
  // Transcript rows shown to people.
  'Nothing seems to have happened.': '似乎什么也没有发生。',
  '(not projected yet)': '（尚未生成感知）',
  // Presets.
  'This preset replaces rules prompts ({ids}). They name tools and fields the program reads, so a mistake there can break the story.':
    '这个预设替换了规则提示词（{ids}）。它们写明了程序要读取的工具和字段，其中的错误可能让故事无法进行。',
  // Importing a SillyTavern preset.
  'the character': '角色',
  'the user': '用户',
  'Imported from a SillyTavern preset.': '从 SillyTavern 预设导入。',
  'The preset has no enabled prompt with text to import.': '这个预设没有可导入的、已启用且有内容的提示词。',
  'a placeholder for a part Rashomon builds itself': '占位标记，对应的部分由 Rashomon 自己生成',
  'disabled in the preset': '在预设中未启用',
  'an assistant message (a prefill), not an instruction': '助手消息（预填内容），不是指令',
  empty: '内容为空',
  'nothing left once its macros were removed': '去掉宏之后没有剩下内容',
  'not in the prompt order, so SillyTavern does not send it': '不在提示词顺序中，SillyTavern 不会发送它',
};
