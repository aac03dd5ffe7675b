/** Image captchas (spec §7 /rest/captcha/png): asked for by the login page and the portal's complaint form. */
import { z } from 'zod';
import { defineCall, PUBLIC } from '../contract';

export const captchaCalls = {
  image: defineCall({
    method: 'POST',
    path: '/rest/captcha/png',
    access: PUBLIC,
    tag: '认证',
    summary: '获取图形验证码（SVG 图片的 data URL），一次有效，2 分钟内有效',
    response: z.object({
      captchaKey: z.string(),
      /** data:image/svg+xml;base64 URL. */
      image: z.string(),
      expiresIn: z.number(),
    }),
  }),
};
