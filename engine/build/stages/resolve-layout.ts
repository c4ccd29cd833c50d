// Which layout a page uses: the resolution lives in engine/domain (the layout analysis report uses it too).
export * from '../../domain/layout-resolution';
