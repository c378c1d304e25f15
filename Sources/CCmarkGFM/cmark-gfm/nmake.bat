@nmake.exe /nologo /f Makefile.nmake %*
