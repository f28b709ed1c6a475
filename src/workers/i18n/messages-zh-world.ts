// Chinese for what the worker tells the person about worlds and lorebooks (world-commands.ts, a
// story's start with a world in library-commands.ts, and a lore scan's reasons: lore-scan-view.ts,
// lore-test-command.ts).
import type { Messages } from '../../driver/i18n/translate.ts';

/** Why each entry of a lore scan fired or not, and where a fired one goes. */
const LORE_SCAN_ZH: Messages = {
  'The text was not tested: {reason}': '文本未测试：{reason}',
  'another entry': '另一个条目',
  '“{key}”': '“{key}”',
  ', with secondary key {keys}': '，并有次要关键词 {keys}',
  ', with all its secondary keys ({keys})': '，并有全部次要关键词（{keys}）',
  ', none of its secondary keys ({keys}) found': '，且没有出现任何次要关键词（{keys}）',
  ', not all its secondary keys found ({keys} missing)': '，且次要关键词没有全部出现（缺少 {keys}）',
  constant: '常驻',
  'matched key “{key}”': '匹配关键词“{key}”',
  'matched key “{key}” (recursion pass {level})': '匹配关键词“{key}”（第 {level} 轮递归）',
  'matched key “{key}” in the content of “{by}”': '在“{by}”的内容中匹配关键词“{key}”',
  'still active: sticky since message {since}': '仍然有效：自第 {since} 条消息起粘滞',
  'inclusion group “{group}”: no entry of it was kept': '包含组“{group}”：组中没有条目被保留',
  'inclusion group “{group}”: “{to}” is still active (sticky)': '包含组“{group}”：“{to}”仍然有效（粘滞）',
  'inclusion group “{group}” already holds “{to}”': '包含组“{group}”中已有“{to}”',
  'inclusion group “{group}”: “{to}” matched more keys': '包含组“{group}”：“{to}”匹配的关键词更多',
  'inclusion group “{group}”: “{to}” has priority (a higher order)':
    '包含组“{group}”：“{to}”优先（顺序更高）',
  'inclusion group “{group}”: the draw by weight chose “{to}”': '包含组“{group}”：按权重抽取选中了“{to}”',
  disabled: '已停用',
  'not for {names}': '不适用于 {names}',
  'only for {names}': '只适用于 {names}',
  'delayed until the transcript holds {until} messages': '延迟到记录中有 {until} 条消息',
  'cooling down until message {until}': '冷却中，直到第 {until} 条消息',
  'no keys, and not constant': '没有关键词，也不是常驻条目',
  'none of its keys ({keys}) is in the text': '文本中没有它的任何关键词（{keys}）',
  'key “{key}” matched, but its secondary keys did not allow it':
    '关键词“{key}”已匹配，但次要关键词的条件不满足',
  'lost its roll: {roll} is not under {probability}%': '概率未通过：{roll} 不低于 {probability}%',
  'over the budget: {tokens} more tokens after {spent} of {budget}':
    '超出预算：在已用 {spent}/{budget} 之后还需要 {tokens} 个 token',
  'waits for recursion level {level}, which no pass reached': '等待第 {level} 层递归，但扫描没有到达这一层',
  'key “{key}” only in the content of “{by}”, and other entries may not fire it':
    '关键词“{key}”只出现在“{by}”的内容中，而它不允许被其他条目触发',
  'before the card': '角色卡之前',
  'after the card': '角色卡之后',
  '{depth} messages before the end of the history, as a system note':
    '历史末尾之前 {depth} 条消息处，作为系统说明',
  '{depth} messages before the end of the history, as a line of the user':
    '历史末尾之前 {depth} 条消息处，作为用户的一句话',
  '{depth} messages before the end of the history, as a line of the character':
    '历史末尾之前 {depth} 条消息处，作为角色的一句话',
};

export const WORKER_WORLD_MESSAGES_ZH: Messages = {
  ...LORE_SCAN_ZH,
  'The world was not saved: {reason}': '世界未保存：{reason}',
  'The world was not saved.': '世界未保存。',
  'The lorebook was not saved: {reason}': '设定集未保存：{reason}',
  'The lorebook was not saved.': '设定集未保存。',
  'This story has no world to edit.': '这个故事没有可编辑的世界。',
  'This story’s world did not come from the library.': '这个故事的世界不是来自资料库。',
  'The library no longer has the world {name}.': '资料库里已经没有世界“{name}”。',
  'The lore was not saved: {reason}': '设定未保存：{reason}',
  'The library has no world {id}.': '资料库里没有世界 {id}。',
  'The library has no lorebook {id}.': '资料库里没有设定集 {id}。',
  'The library has no character {id}.': '资料库里没有角色 {id}。',
  '{name}’s world': '{name}的世界',
  'The opening is {name}’s, who is not in the story.': '开场白属于{name}，但此人不在这个故事里。',
  '{name} cannot be a PNG card: {reason}': '{name}无法导出为 PNG 角色卡：{reason}',
  'the avatar: too large for the library': '头像：太大，资料库放不下',
  'the original picture ({size}): kept on this device, for the card export':
    '原图（{size}）：保存在这台设备上，供导出角色卡使用',
  'the picture: {width}×{height}, {size} → {toWidth}×{toHeight}, {toSize}, as the library keeps it':
    '图片：{width}×{height}，{size} → {toWidth}×{toHeight}，{toSize}，按资料库能保存的大小缩小',
  'The world’s prompts cannot be used: {problems}': '这个世界的提示词无法使用：{problems}',
  'The preset the world suggests was not applied: {reason}': '世界建议的预设未被应用：{reason}',
};
