import { useQuery } from '@tanstack/react-query';
import { portalPublicityCalls } from '@dandelion/shared/award/publicity';
import { call } from '../../../api/call';

/**
 * The grade of each of the applicant's declarations a publicity took up (拟授奖 in result publicity,
 * 授奖 once awarded), by declaration id: the 我的申报 list does not carry the committee's grade.
 */
export function useResultGrades() {
  const results = useQuery({
    queryKey: ['portal', 'my-results'],
    queryFn: ({ signal }) => call(portalPublicityCalls.myResults, {}, { signal, silent: true }),
    staleTime: 60_000,
  });
  return new Map((results.data ?? []).filter((r) => r.grade).map((r) => [r.declarationId, r.grade!]));
}
