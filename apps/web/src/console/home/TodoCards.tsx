import { Link } from 'react-router';
import { Card, Col, Row, Skeleton } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { holdsPermission, useConsoleStore } from '../../api/consoleStore';
import { PENDING_WORK_CARDS, type TodoCard } from './todos';

function TodoCount({ card }: { card: TodoCard }) {
  const unread = useConsoleStore((s) => s.unreadCount);
  const counted = useQuery({
    queryKey: ['console', 'home', 'todo', card.key],
    queryFn: ({ signal }) => card.count!(signal),
    enabled: !!card.count,
    staleTime: 30_000,
  });
  if (!card.count) return <strong className="dl-todo__count">{unread}</strong>;
  if (counted.isPending) return <Skeleton.Button active size="small" className="dl-todo__loading" aria-label="正在统计" />;
  if (counted.isError) return <strong className="dl-todo__count dl-todo__count--failed">—</strong>;
  return <strong className="dl-todo__count">{counted.data}</strong>;
}

/** The to-do cards the user may act on; nothing at all when none applies to them. */
export function TodoCards() {
  const authList = useConsoleStore((s) => s.authList);
  const cards = PENDING_WORK_CARDS.filter((card) => holdsPermission(authList, card.permission));
  if (cards.length === 0) return null;
  return (
    <Card title={<h2 className="dl-console-home__heading">我的待办</h2>} data-testid="home-todos">
      <Row gutter={[12, 12]}>
        {cards.map((card) => (
          <Col key={card.key} xs={12} md={6}>
            <Link className="dl-todo" to={card.to} data-testid={`todo-${card.key}`}>
              <span className="dl-todo__title">{card.title}</span>
              <TodoCount card={card} />
              <span className="dl-todo__caption">{card.caption}</span>
            </Link>
          </Col>
        ))}
      </Row>
    </Card>
  );
}
