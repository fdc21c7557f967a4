import { Link } from 'react-router';
import { useProfile } from '../../features/home/api/profile';
import { initials } from './identity';
import classes from './TopBar.module.css';

/** The owner's monogram and name (their profile, docs/product.md#layout), leading home. */
export function Brand() {
  const { name } = useProfile().profile;
  return (
    <Link to="/" className={classes.brand} aria-label={`${name}, home`}>
      <span className={classes.brandMark} data-initials={initials(name)} aria-hidden />
      <span className={classes.brandName}>{name}</span>
    </Link>
  );
}
