import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.ts';
import { ConsoleSmsSender } from './console.ts';
import { Msg91SmsSender } from './msg91.ts';
import type { SmsSender } from './sender.ts';

export function createSmsSender(config: Config, log: FastifyBaseLogger): SmsSender {
  return config.smsProvider === 'msg91'
    ? new Msg91SmsSender(config.msg91, config.smsTemplates)
    : new ConsoleSmsSender(log);
}
