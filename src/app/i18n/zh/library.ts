// Chinese for the interface's words: library.
import type { Messages } from '../../../driver/i18n/translate.ts';

export const ZH_LIBRARY: Messages = {
  // library-screen.tsx, story-list.tsx
  'New story': '新故事',
  'Deleted “{title}”.': '已删除“{title}”。',
  Undo: '撤销',
  Stories: '故事',
  'No stories yet.': '还没有故事。',
  'Stories you start or import are kept in this browser and listed here.':
    '你新建或导入的故事会保存在此浏览器中，并列在这里。',
  // story-item.tsx
  '{title} (copy)': '{title}（副本）',
  'Untitled story': '未命名故事',
  'Export {title}': '导出“{title}”',
  'Duplicate {title}': '复制“{title}”',
  'Delete {title}': '删除“{title}”',
  Export: '导出',
  Duplicate: '复制',
  Delete: '删除',
  'Delete “{title}” from this browser?': '要从此浏览器中删除“{title}”吗？',
  'Delete for good': '永久删除',
  Keep: '保留',
  // new-story-form.tsx, character-fields.tsx
  'Every participant needs a different name: “{name}” is used twice.':
    '每位参与者的名字都必须不同：“{name}”用了两次。',
  Title: '标题',
  Language: '语言',
  'Use a saved persona': '使用已保存的人设',
  'Choose…': '请选择…',
  'Your name': '你的名字',
  'Your persona': '你的人设',
  'Add character': '添加角色',
  'Add a character from your library': '从资料库添加角色',
  'Create story': '创建故事',
  'Character {number}': '角色 {number}',
  Name: '名称',
  Description: '描述',
  'Present in the first scene': '在第一幕登场',
  'Remove character {number}': '移除角色 {number}',
  // import-file.tsx, import-review.tsx
  '{file} could not be imported: {detail}': '{file} 无法导入：{detail}',
  'Import a file': '导入文件',
  'or drop a card, lorebook, chat, preset or story here': '或把角色卡、设定集、聊天记录、预设或故事拖到这里',
  'Imported {kind} “{name}” into your library.': '已将{kind}“{name}”导入资料库。',
  'a character card': '角色卡',
  'a lorebook': '设定集',
  'a SillyTavern chat': 'SillyTavern 聊天记录',
  'a SillyTavern preset': 'SillyTavern 预设',
  'a Rashomon story': 'Rashomon 故事',
  'Card spec: {spec}': '角色卡规范：{spec}',
  'Description: {count} characters': '描述：{count} 个字符',
  'Greetings: {count}': '开场白：{count}',
  'Lorebook entries: {count}': '设定条目：{count}',
  'Assets: {count}': '附带资源：{count}',
  'Messages: {count}': '消息：{count}',
  Warnings: '警告',
  Converted: '已转换',
  'Left out': '未导入',
  'Prompts mapped ({count})': '已对应的提示词（{count}）',
  'Prompts left out ({count})': '未导入的提示词（{count}）',
  'Who perceived what': '谁感知到了什么',
  'Everyone perceived everything, as written (each view is the message itself)':
    '每个人都按原文感知到了一切（每个视角就是消息本身）',
  'Project from here: each one’s view is made by the model when the story needs it':
    '从这里开始投射：故事需要时，由模型生成每个人的视角',
  Import: '导入',
  '{file}: {kind}, “{name}”': '{file}：{kind}，“{name}”',
  'Variable-system rules': '变量系统规则',
  'Leave out {count} entries that tell the model to write variable updates (disabled in the book, not deleted)':
    '不使用 {count} 个要求模型输出变量更新的条目（在设定集中停用，不删除）',
  '“{name}” is already in your library, the same as this file.': '“{name}”已在资料库中，与这个文件相同。',
  'Your library already has a “{name}”.': '资料库里已经有一个“{name}”。',
  'Replace it': '替换它',
  'Keep both (the new one named apart)': '两个都保留（新的另起名字）',
  // The new story's world and lorebooks.
  'World and lore': '世界与设定',
  'No worlds in your library yet (Worlds, in the header).': '资料库里还没有世界（见页眉中的“世界”）。',
  World: '世界',
  'No world': '不使用世界',
  'What {name} knows at the start': '{name}一开始知道的',
  'Lorebooks for this story (everyone’s)': '本故事的设定集（所有人共享）',
  // How a new story opens (opening-choice.tsx).
  'How the story opens': '故事如何开场',
  'You write first': '由你先写',
  '{name}: {greeting}': '{name}：{greeting}',
  // character-list.tsx, character-item.tsx
  'The characters of your stories and the cards you import are listed here.':
    '你的故事中的角色和你导入的角色卡会列在这里。',
  'Lorebooks: {count}': '设定集：{count}',
  'Export card (PNG)': '导出角色卡（PNG）',
  'Export card (JSON)': '导出角色卡（JSON）',
  'Export card (PNG) of {name}': '导出{name}的角色卡（PNG）',
  'Export card (JSON) of {name}': '导出{name}的角色卡（JSON）',
  // card-world-panel.tsx: a world made from a card by the model.
  'A world of {count} pieces was made from {name}’s card (Worlds, in the header).':
    '已根据{name}的角色卡生成一个包含 {count} 个条目的世界（见页眉中的“世界”）。',
  'Reading the card…': '正在读取角色卡…',
  'Make a world from its card': '根据角色卡生成世界',
  'What {name}’s card names: keep what is right': '{name}的角色卡提到的内容：保留正确的',
  'Make the world': '生成世界',
};
