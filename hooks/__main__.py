from hooks.entry import main

raise SystemExit(main())
