// Chinese for the interface's words: what a participant remembers.
import type { Messages } from '../../../driver/i18n/translate.ts';

export const ZH_MEMORY: Messages = {
  // The dialog and its counts.
  'What {name} remembers': '{name}记得什么',
  'Reading the memories…': '正在读取记忆…',
  'Nothing yet. Memories are written when turns leave {name}’s context window: a short call then reads {name}’s own view of them and notes what {name} will remember. Until then the whole story fits in each request.':
    '还没有记忆。当回合移出{name}的上下文窗口时才会写下记忆：届时会发出一次简短的请求，读取{name}自己对这些回合的视角，记下{name}将会记住的内容。在此之前，整个故事都能放进每次请求里。',
  'Remembers 1 turn that left its window.': '记得 1 个已移出其窗口的回合。',
  'Remembers {count} turns that left its window.': '记得 {count} 个已移出其窗口的回合。',
  '1 entry rests on turns edited since and is set aside; the story’s stale-history choice (keep or rewrite) settles it.':
    '有 1 条记录所依据的回合此后被编辑过，暂时搁置；故事的过时历史选择（保持原样或重写）会处理它。',
  '{count} entries rest on turns edited since and are set aside; the story’s stale-history choice (keep or rewrite) settles them.':
    '有 {count} 条记录所依据的回合此后被编辑过，暂时搁置；故事的过时历史选择（保持原样或重写）会处理它们。',
  // Memories.
  Memories: '记忆',
  'No memories yet.': '还没有记忆。',
  '1 is mundane, 10 life-changing': '1 表示平淡无奇，10 表示改变一生',
  'importance {level}/10': '重要程度 {level}/10',
  'added by you': '由你添加',
  '{name} no longer recalls this; the turns it came from stay as they are':
    '{name}将不再想起这件事；它所来自的回合保持不变',
  Forget: '忘记',
  'A memory for {name}': '给{name}的一条记忆',
  'In the second person: “You promised…”': '用第二人称：“你答应过……”',
  Importance: '重要程度',
  'Add memory': '添加记忆',
  // State.
  'How things stand': '当前状况',
  'Nothing known of anyone’s state yet.': '还不知道任何人的状况。',
  '{name}: {aspect}': '{name}：{aspect}',
  'Correct {what}': '更正{what}',
  Correct: '更正',
  'Clear {what}': '清除{what}',
  'Nothing is known of it from now on, until a later turn tells':
    '从现在起不再知道这一项，直到之后的回合提到它',
  Clear: '清除',
  'Save correction': '保存更正',
  Appearance: '外貌',
  Whereabouts: '所在位置',
  Belongings: '随身物品',
  Condition: '身体状况',
  Relationship: '关系',
  Knows: '知道',
  Wants: '想要',
  // The review queue.
  'Waiting for your review': '等待你审核',
  'Nothing to review: no change of feelings, knowledge or goals is waiting.':
    '没有需要审核的内容：没有待处理的感情、认知或目标变化。',
  'What was felt, learnt or wanted counts only once you accept it: accept it as it is, amend the value, or reject it.':
    '感受、得知或想要的变化只有经你接受后才算数：按原样接受、修改其值，或者拒绝。',
  'Change of {what}': '{what}的变化',
  'Evidence:': '依据：',
  Accept: '接受',
  Amend: '修改',
  Reject: '拒绝',
  'Amended value of {what}': '{what}修改后的值',
  'Accept amended': '接受修改后的值',
  // Events, uncertainties, the audit.
  'Events ({count})': '事件（{count}）',
  'No events noted.': '没有记下事件。',
  'Uncertainties ({count})': '不确定之处（{count}）',
  'Nothing it is unsure of.': '没有不确定的事。',
  'Refused ({count})': '被拒绝的内容（{count}）',
  'What the chronicler answered that was not kept, newest first: nothing of it reached memory or state.':
    '记录者回答中未被保留的内容，最新的在前：其中任何内容都没有进入记忆或状况。',
  'Nothing was refused.': '没有被拒绝的内容。',
};
