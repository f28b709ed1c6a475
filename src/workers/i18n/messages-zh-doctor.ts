// Chinese for what the worker tells the person about the session doctor (host/doctor-assistant.ts).
import type { Messages } from '../../driver/i18n/translate.ts';

export const WORKER_DOCTOR_MESSAGES_ZH: Messages = {
  'Writes the perceptions the stored turn still lacks (the turn is not sent again).':
    '写出已保存的回合仍缺少的感知（不会再次发送该回合）。',
  'Runs the same command again.': '再次运行同一个命令。',
  'Nothing failed to run again.': '没有可以重新运行的失败。',
};
