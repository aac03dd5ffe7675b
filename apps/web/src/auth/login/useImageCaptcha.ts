import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { fetchImageCaptcha } from '../../api/auth';

/**
 * 图形验证码 from /rest/captcha/png: a new image whenever `refreshSignal` changes (a captcha is good
 * for one attempt only) or `refresh` is called (看不清？换一张). Never cached beyond the field's life.
 */
export function useImageCaptcha(refreshSignal: number) {
  const [round, setRound] = useState(0);
  const query = useQuery({
    queryKey: ['auth', 'captcha', refreshSignal, round],
    queryFn: fetchImageCaptcha,
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
  });
  return { ...query, refresh: () => setRound((r) => r + 1) };
}
