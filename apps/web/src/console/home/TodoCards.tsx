import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Panel } from '../../components/Panel/Panel';
import { Shimmer } from '../../components/Shimmer/Shimmer';
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
  if (counted.isPending) return <Shimmer className="dl-todo__loading" aria-label="正在统计" />;
  if (counted.isError) return <strong className="dl-todo__count dl-todo__count--failed">—</strong>;
  return <strong className="dl-todo__count">{counted.data}</strong>;
}

/** The to-do cards the user may act on; nothing at all when none applies to them. */
export function TodoCards() {
  const authList = useConsoleStore((s) => s.authList);
  const cards = PENDING_WORK_CARDS.filter((card) => holdsPermission(authList, card.permission));
  if (cards.length === 0) return null;
  return (
    <Panel title={<h2 className="dl-console-home__heading">我的待办</h2>} data-testid="home-todos">
      <div className="dl-todo-grid">
        {cards.map((card) => (
          <Link key={card.key} className="dl-todo" to={card.to} data-testid={`todo-${card.key}`}>
            <span className="dl-todo__title">{card.title}</span>
            <TodoCount card={card} />
            <span className="dl-todo__caption">{card.caption}</span>
          </Link>
        ))}
      </div>
    </Panel>
  );
}
