import { Link } from 'react-router';
import { siteConfig } from '../../config/site';
import { initials } from './identity';
import classes from './TopBar.module.css';

export function Brand() {
  return (
    <Link to="/" className={classes.brand} aria-label={`${siteConfig.owner.name}, home`}>
      <span className={classes.brandMark} aria-hidden>
        {initials(siteConfig.owner.name)}
      </span>
      <span className={classes.brandName}>{siteConfig.owner.name}</span>
    </Link>
  );
}
