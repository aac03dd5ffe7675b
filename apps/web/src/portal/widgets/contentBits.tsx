import { formatDate } from '../../lib/date';
import type { PortalContentItem } from '../api';
import { PortalTag } from '../shared/light';

export const PublishDate = ({ iso }: { iso: string }) => (
  <time className="dl-content-date" dateTime={iso}>
    {formatDate(iso)}
  </time>
);

export const TopTag = ({ item }: { item: PortalContentItem }) => (item.isTop ? <PortalTag color="red">置顶</PortalTag> : null);
