import { AntdProviders } from '../antdProviders';
import { ExceptionView, type ExceptionContent } from './ExceptionView';

/**
 * The root error boundary's page (app/RouteError.tsx): it renders outside the antd scope route, so it
 * brings the brand theme and locale itself. Its own chunk: loaded only when an error shows.
 */
export default function ThemedException(content: ExceptionContent) {
  return (
    <AntdProviders>
      <ExceptionView {...content} />
    </AntdProviders>
  );
}
