import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useSessionStore } from '../../api/session';
import { ApiError, errorMessage } from '../../api/http';
import { loginPathFor } from '../../lib/redirect';
import { toast } from '../shared/light';
import { useConfirm } from '../shared/light/Confirm';
import { declareApi, type OpenPrize } from './api';

export const formPath = (declarationId: string) => `/declare/form/${declarationId}`;

/** Finds the applicant's live declaration for an edition's prize (a withdrawn one does not count). */
async function findExisting(prize: OpenPrize): Promise<string | null> {
  const page = await declareApi.mine({ pageParameter: { pageNum: 1, pageSize: 100 } });
  const found = page.list.find((d) => d.editionId === prize.editionId && d.prizeId === prize.prizeId && d.status !== 'WITHDRAWN');
  return found?.declarationId ?? null;
}

/**
 * 开始申报: signed in, a draft is created and its form opens; a visitor signs in first and comes
 * back to /declare. When the applicant already has a declaration for the prize (409), they are
 * offered to open it instead (render the returned `dialog`).
 */
export function useStartDeclaration() {
  const signedIn = useSessionStore((s) => !!s.session);
  const navigate = useNavigate();
  const [confirm, dialog] = useConfirm();
  const [starting, setStarting] = useState<string | null>(null);

  const start = async (prize: OpenPrize) => {
    if (!signedIn) {
      navigate(loginPathFor('/declare'));
      return;
    }
    const key = `${prize.editionId}:${prize.prizeId}`;
    setStarting(key);
    try {
      const created = await declareApi.add(prize.editionId, prize.prizeId);
      navigate(formPath(created.declarationId));
    } catch (error) {
      if (error instanceof ApiError && error.status === 409) {
        confirm({
          title: '您已有该奖种的申报书',
          content: error.message,
          okText: '打开已有申报书',
          cancelText: '取消',
          onOk: async () => {
            const existing = await findExisting(prize);
            if (existing) navigate(formPath(existing));
            else navigate('/center');
          },
        });
      } else {
        toast('error', errorMessage(error));
      }
    } finally {
      setStarting(null);
    }
  };

  return { start, starting, signedIn, dialog };
}
