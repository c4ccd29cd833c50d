// A route that only sends the browser on to another admin address (a retired address of a screen),
// replacing the history entry and keeping the query and hash.
import { useEffect } from 'react';
import { Loading } from '../components/bits';
import { useNavigate } from '../lib/router';

export function redirectTo(href: string) {
  return function RedirectScreen() {
    const navigate = useNavigate();
    useEffect(() => {
      navigate(`${href}${window.location.search}${window.location.hash}`, { replace: true });
    }, [navigate]);
    return <Loading />;
  };
}
