// /admin/logout: clears the session (admin §4) and returns to the login screen.
import { useEffect } from 'react';
import { useSession } from '../app/session';
import { useNavigate } from '../lib/router';
import { Loading } from '../components/bits';

export default function LogoutScreen() {
  const { logout } = useSession();
  const navigate = useNavigate();
  useEffect(() => {
    void logout().then(() => navigate('/admin/login', { replace: true }));
  }, [logout, navigate]);
  return <div className="boot"><Loading label="Signing out…" /></div>;
}
