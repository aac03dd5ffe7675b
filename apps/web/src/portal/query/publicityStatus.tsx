import { Tag } from 'antd';

/** 公示中 while the window runs, 已结束 after it. */
export const publicityStatusTag = (status: 'OPEN' | 'CLOSED') => (status === 'OPEN' ? <Tag color="green">公示中</Tag> : <Tag>已结束</Tag>);
