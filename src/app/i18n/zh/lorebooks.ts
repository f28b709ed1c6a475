// Chinese for the interface's words: the lorebooks screen.
// Also used here, kept in other areas: 'Lorebooks' (shell), 'Title', 'Description' (library),
// 'Default' (settings), 'System', 'User', 'Assistant' (inspector), 'Test' (sync), 'Saved.' and
// 'Unsaved changes.' (worlds).
import type { Messages } from '../../../driver/i18n/translate.ts';

export const ZH_LOREBOOKS: Messages = {
  // lorebooks-screen.tsx
  'New lorebook': '新建设定集',
  'Entries that come into a character’s request when their keys appear in what it reads (SillyTavern’s World Info). A story gets its own copy of the books it starts with.':
    '当关键词出现在角色读到的内容中时，相应的条目会加入该角色的请求（即 SillyTavern 的 World Info）。故事开始时会得到所用设定集的副本。',
  'Lorebooks in the library': '资料库中的设定集',
  'Delete “{name}”? Stories that have it keep their own copy.':
    '要删除“{name}”吗？已使用它的故事会保留自己的副本。',
  'No lorebooks yet.': '还没有设定集。',
  'This lorebook is no longer in the library.': '资料库中已经没有这个设定集。',
  // book-holders.tsx
  'Characters and personas with this book': '拥有这个设定集的角色和人设',
  'No characters or personas in the library yet: new stories add theirs.':
    '资料库里还没有角色或人设：新故事会把它们加进来。',
  'A character’s book reaches only that character in a new story; a persona’s, only you. A tick applies at once.':
    '角色的设定集在新故事中只作用于该角色；人设的设定集只作用于你。勾选后立即生效。',
  Characters: '角色',
  Personas: '人设',
  // book-editor.tsx, entry-list.tsx
  'Untitled lorebook': '未命名的设定集',
  'Name of the lorebook': '设定集名称',
  Entries: '条目',
  'Add entry': '添加条目',
  'Save lorebook': '保存设定集',
  'Entry {number}': '条目 {number}',
  yes: '是',
  no: '否',
  'No entries yet.': '还没有条目。',
  Constant: '常驻',
  // entry-editor.tsx, entry-fields.tsx
  'Untitled entry': '未命名的条目',
  Keys: '关键词',
  'Comma-separated; /pattern/flags is a regular expression.': '用逗号分隔；/模式/标志 表示正则表达式。',
  'Secondary keys': '次要关键词',
  'Secondary keys must': '次要关键词需要',
  'match any (and any)': '匹配任意一个（与任一）',
  'match all (and all)': '全部匹配（与全部）',
  'match none (not any)': '一个都不匹配（非任一）',
  'not all match (not all)': '不全部匹配（非全部）',
  Content: '内容',
  Enabled: '启用',
  'Constant (fires whatever the text says)': '常驻（无论文本内容都会触发）',
  Order: '顺序',
  'Higher goes later in the request and is kept first under the budget.':
    '数值越大，在请求中越靠后，预算不足时越优先保留。',
  Position: '位置',
  'Before the card': '角色卡之前',
  'After the card': '角色卡之后',
  'At a depth of the history': '历史中的某个深度',
  'Depth (messages before the end)': '深度（距末尾的消息数）',
  'Told as': '作为',
  'Use probability': '使用概率',
  'Probability (%)': '概率（%）',
  'Remove this entry': '移除这个条目',
  'the scan’s setting': '扫描的设置',
  On: '开',
  Off: '关',
  // entry-more.tsx
  More: '更多',
  'Default: the setting the story’s lore is scanned with.': '默认：使用故事扫描设定时的设置。',
  'Scan depth (messages)': '扫描深度（消息数）',
  'Case sensitive': '区分大小写',
  'Whole words': '全词匹配',
  'Group scoring': '组评分',
  Recursion: '递归',
  'Exclude recursion (not fired by other entries’ content)': '排除递归（不会被其他条目的内容触发）',
  'Prevent recursion (its content fires no other entry)': '阻止递归（它的内容不会触发其他条目）',
  'Delay until recursion (level; 0: off)': '延迟到递归（层级；0：关闭）',
  'Inclusion groups': '包含组',
  'Groups (comma-separated)': '组（用逗号分隔）',
  'Of the fired entries sharing a group, one is kept.': '同一组中被触发的条目只保留一个。',
  'Group override (prioritised: the highest order wins)': '组优先（顺序最高者胜出）',
  'Group weight': '组权重',
  'Timed effects (in messages)': '定时效果（以消息计）',
  Sticky: '粘滞',
  Cooldown: '冷却',
  Delay: '延迟',
  'Character filter': '角色筛选',
  'Names (comma-separated; empty: everyone)': '名字（用逗号分隔；留空：所有人）',
  'Exclude these names (everyone else gets it)': '排除这些名字（其他人都会得到）',
  // lore-test-panel.tsx
  'Test this text': '测试这段文本',
  'The test uses the saved book: save to test your edits.':
    '测试使用已保存的设定集：请先保存再测试你的修改。',
  'Scans the saved book as if the text were the newest message the character read.':
    '扫描已保存的设定集，就像这段文本是角色读到的最新一条消息。',
  'Text to scan': '要扫描的文本',
  'For the character': '针对的角色',
  'A character of your library, or any name (character filters compare it).':
    '资料库中的角色，或任意名字（角色筛选会比较它）。',
  Fired: '已触发',
  'Nothing fired.': '没有条目被触发。',
  'Not fired': '未触发',
  'Every entry fired.': '所有条目都已触发。',
  'The fired entries take about {tokens} tokens of a budget of {budget}.':
    '已触发的条目约占 {tokens} 个 token，预算为 {budget}。',
  // book-export.tsx
  'Export as World Info': '导出为 World Info',
  'The file has the saved book, without the unsaved changes.': '文件中是已保存的设定集，不含未保存的修改。',
};
