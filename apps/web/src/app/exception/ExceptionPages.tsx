import { EXCEPTIONS, ExceptionView } from './ExceptionView';

/** /403 */
export function ForbiddenPage() {
  return <ExceptionView {...EXCEPTIONS.forbidden} />;
}

/** /404 (and where every unknown path ends up) */
export function NotFoundPage() {
  return <ExceptionView {...EXCEPTIONS.notFound} />;
}

/** /500 */
export function ServerErrorPage() {
  return <ExceptionView {...EXCEPTIONS.serverError} />;
}

/** /errorBlank */
export function ErrorBlankPage() {
  return <ExceptionView {...EXCEPTIONS.errorBlank} />;
}
