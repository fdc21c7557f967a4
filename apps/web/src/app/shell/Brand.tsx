import { Link } from 'react-router';
import { siteConfig } from '../../config/site';
import { initials } from './identity';
import classes from './TopBar.module.css';

export function Brand() {
  return (
    <Link to="/" className={classes.brand} aria-label={`${siteConfig.owner.name}, home`}>
      <span className={classes.brandMark} data-initials={initials(siteConfig.owner.name)} aria-hidden />
      <span className={classes.brandName}>{siteConfig.owner.name}</span>
    </Link>
  );
}
