// Chinese for the world authoring assistant's text built from data: a node as a proposal shows it
// before and after (assistant/world/world-tools.ts), and the warning on a rules prompt rewritten
// (assistant/world/world-prompt-tools.ts).
import type { Messages } from './translate.ts';

export const WORLD_ASSISTANT_ZH: Messages = {
  Kind: '类型',
  Aliases: '别名',
  Body: '正文',
  'A rules prompt: the program relies on what it asks for (names, answer shapes). Apply it only if you mean to change those rules for every story with this world.':
    '这是规则类提示词：程序依赖它所要求的内容（名字、回答格式）。只有当你确实想为使用这个世界的每个故事改变这些规则时，才应用它。',
};
