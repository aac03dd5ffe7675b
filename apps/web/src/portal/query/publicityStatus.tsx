import { PortalTag } from '../shared/light';

/** 公示中 while the window runs, 已结束 after it. */
export const publicityStatusTag = (status: 'OPEN' | 'CLOSED') => (status === 'OPEN' ? <PortalTag color="green">公示中</PortalTag> : <PortalTag>已结束</PortalTag>);
