import { useNavigate } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { PRIZE_KIND_LABELS } from '@dandelion/shared/award/prize';
import { LoadFailure } from '../shared/LoadFailure';
import { PortalButton, PortalCard, PortalEmpty, PortalSkeleton, PortalTag } from '../shared/light';
import { ClampText } from '../shared/light/ClampText';
import { formIcon } from './formIcon';
import { daysLeft, declareApi, declareKeys, useOpenPrizes, type DeclarationRow, type OpenPrize } from './api';
import { formPath, useStartDeclaration } from './useStartDeclaration';
import './declare.css';

interface EditionGroup {
  editionId: string;
  editionName: string;
  prizes: OpenPrize[];
}

/** The open prizes by edition, in the order the server lists them. */
function groupByEdition(prizes: readonly OpenPrize[]): EditionGroup[] {
  const groups = new Map<string, EditionGroup>();
  for (const prize of prizes) {
    const group = groups.get(prize.editionId) ?? { editionId: prize.editionId, editionName: prize.editionName, prizes: [] };
    group.prizes.push(prize);
    groups.set(prize.editionId, group);
  }
  return [...groups.values()];
}

function DaysLeft({ end }: { end: string }) {
  const days = daysLeft(end);
  if (days < 0) return <PortalTag>申报已截止</PortalTag>;
  if (days === 0) return <PortalTag color="red">今天截止</PortalTag>;
  return <PortalTag color={days <= 7 ? 'orange' : 'green'}>剩余 {days} 天</PortalTag>;
}

const spinner = <span className="dl-spinner" />;

const existingText = (row: DeclarationRow) => (row.actions.includes('EDIT') ? '继续填写' : '查看申报书');

function PrizeCard({ prize, starting, onStart, signedIn, existing }: { prize: OpenPrize; starting: boolean; onStart(): void; signedIn: boolean; existing?: DeclarationRow }) {
  const navigate = useNavigate();
  return (
    <PortalCard className="dl-card--small dl-open-prize" title={prize.prizeName} extra={<PortalTag color="blue">{PRIZE_KIND_LABELS[prize.kind]}</PortalTag>}>
      <div className="dl-open-prize__window">
        <span>
          申报时间：{prize.declarationStart} 至 {prize.declarationEnd}
        </span>
        <DaysLeft end={prize.declarationEnd} />
      </div>
      {prize.guide ? (
        <div className="dl-open-prize__guide">
          <strong>申报指南</strong>
          <ClampText rows={2} text={prize.guide} />
        </div>
      ) : null}
      {existing ? (
        <PortalButton variant="primary" className="dl-btn--ghost" icon={formIcon} onClick={() => navigate(formPath(existing.declarationId))} aria-label={`${existingText(existing)} ${prize.prizeName}`}>
          {existingText(existing)}
        </PortalButton>
      ) : (
        <PortalButton variant="primary" className={starting ? 'dl-btn--loading' : undefined} icon={starting ? spinner : formIcon} aria-busy={starting} onClick={starting ? undefined : onStart} aria-label={`${signedIn ? '开始申报' : '登录后申报'} ${prize.prizeName}`}>
          {signedIn ? '开始申报' : '登录后申报'}
        </PortalButton>
      )}
    </PortalCard>
  );
}

/** /declare's head: the editions now declaring and the prizes they open, each with 开始申报. */
export function OpenPrizes() {
  const prizes = useOpenPrizes();
  const { start, starting, signedIn, dialog } = useStartDeclaration();
  // The applicant's own declarations: a prize already declared offers 继续填写 instead of a second draft.
  const mine = useQuery({ queryKey: [...declareKeys.all, 'mine-on-declare'], queryFn: ({ signal }) => declareApi.mineQuietly(signal), enabled: signedIn, retry: false });
  const existingOf = (prize: OpenPrize) => mine.data?.list.find((d) => d.editionId === prize.editionId && d.prizeId === prize.prizeId && d.status !== 'WITHDRAWN');

  if (prizes.isPending) return <PortalSkeleton rows={3} />;
  if (prizes.isError) return <LoadFailure title="开放申报的奖种加载失败" error={prizes.error} retrying={prizes.isFetching} onRetry={() => void prizes.refetch()} />;
  const groups = groupByEdition(prizes.data);
  if (groups.length === 0) {
    return (
      <PortalCard className="dl-open-prizes">
        <PortalEmpty description="目前没有正在申报的奖种，请关注通知公告。" />
      </PortalCard>
    );
  }
  return (
    <section className="dl-open-prizes" aria-label="正在申报的奖种">
      {groups.map((group) => (
        <div key={group.editionId} className="dl-open-edition">
          <h2 className="dl-open-edition__name">{group.editionName}</h2>
          <div className="dl-open-edition__prizes">
            {group.prizes.map((prize) => (
              <PrizeCard
                key={prize.prizeId}
                prize={prize}
                signedIn={signedIn}
                existing={existingOf(prize)}
                starting={starting === `${prize.editionId}:${prize.prizeId}`}
                onStart={() => void start(prize)}
              />
            ))}
          </div>
        </div>
      ))}
      {dialog}
    </section>
  );
}
